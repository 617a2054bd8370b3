// The environment every child process of this tool gets, trusted or not: an allow-list of ours,
// never all of it. The action's process holds its inputs (INPUT_GITHUB-TOKEN among them), the
// runner's tokens (ACTIONS_RUNTIME_TOKEN, ACTIONS_ID_TOKEN_REQUEST_TOKEN) and whatever a workflow
// put in `env:`; a compiler, a CMake script or a server that reads its environment must find none
// of it. So the environment is built from names known to be needed (the path, the locale, the
// temporary directory, compilers', ccache's and glibc's variables, proxies for a build that
// downloads), and a name that looks like a secret is dropped even when it matches one of them.
// exec() and the server's spawn both pass what they are given through `childEnv`: it is decided
// here, once.

/** Names passed on as they are. */
const NAMES = new Set([
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'TERM',
  'TZ',
  'LANG',
  'LANGUAGE',
  'TMPDIR',
  'CC',
  'CXX',
  'CFLAGS',
  'CXXFLAGS',
  'CPPFLAGS',
  'LDFLAGS',
  'AR',
  'RANLIB',
  'MAKEFLAGS',
  'PKG_CONFIG_PATH',
  'GLIBC_TUNABLES',
  'SOURCE_DATE_EPOCH',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
]);

/** Families of names passed on: the locale, ccache's settings, git's identity for commits. */
const PREFIXES = ['LC_', 'CCACHE_', 'GIT_AUTHOR_', 'GIT_COMMITTER_'];

/**
 * Never passed on, whatever else they match: the action's inputs, the runner's and GitHub's
 * variables, and anything named like a credential.
 */
const NEVER =
  /^(INPUT_|ACTIONS_|GITHUB_|RUNNER_)|TOKEN|SECRET|PASSW|CREDENTIAL|API_?KEY|PRIVATE|(^|_)AUTH(_|$)/i;

/** Whether a variable of this name may reach a child process. */
export function passesOn(name: string): boolean {
  if (NEVER.test(name)) return false;
  return NAMES.has(name) || PREFIXES.some((prefix) => name.startsWith(prefix));
}

/**
 * The allow-listed part of `env` (this process's environment by default): what a child gets. A
 * caller that adds a variable of its own (CCACHE_DIR, TMPDIR) adds it to `env` before, and it is
 * kept only if its name is allowed.
 */
export function childEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const kept: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && passesOn(name)) kept[name] = value;
  }
  return kept;
}
