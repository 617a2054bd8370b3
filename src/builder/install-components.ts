// Which files a CMake install component puts into the prefix, read from the cmake_install.cmake
// scripts CMake writes into every directory of a build tree. Pure.
//
// A MySQL tree's `all` target is 3,492 ninja steps (9.7.2, without router, NDB and unit tests) of
// which the server, its plugins and components and the shared libraries they load (the "Server"
// and "SharedLibraries" components) need 2,977; clients, test plugins and test components are the
// rest. `cmake --install --component Server` copies those files and fails on the first one that
// was not built, so the build names exactly them to ninja: the files of the components' install
// rules that ninja knows how to make.
//
// CMake 3.24 and later write each rule as
//
//   if(CMAKE_INSTALL_COMPONENT STREQUAL "Server" OR NOT CMAKE_INSTALL_COMPONENT)
//     file(INSTALL DESTINATION "${CMAKE_INSTALL_PREFIX}/bin" TYPE EXECUTABLE FILES "/b/runtime_output_directory/mysqld")
//   endif()
//
// and earlier releases (MySQL 9.7 accepts 3.17; Ubuntu 22.04 has 3.22) open the block with
// `if("x${CMAKE_INSTALL_COMPONENT}x" STREQUAL "xServerx" OR NOT CMAKE_INSTALL_COMPONENT)`. A rule
// with several files puts each on a line of its own after FILES. OPTIONAL files (debug variants
// from another build directory) are skipped. The scripts of the subdirectories are reached from
// the top one through its include("…/cmake_install.cmake") lines, as `cmake --install` does.
// Which components a server needs is its flavor's (`build.installComponents` in src/flavor/).

const BLOCK =
  /^if\((?:"x\$\{CMAKE_INSTALL_COMPONENT\}x" STREQUAL "x(.+?)x"|CMAKE_INSTALL_COMPONENT STREQUAL "([^"]+)") OR NOT CMAKE_INSTALL_COMPONENT\)\n([\s\S]*?)^endif\(\)/gm;
const INSTALL = /file\(INSTALL DESTINATION "[^"]*" TYPE (\w+)([^\n]*?) FILES((?:\s+"[^"]*")+)\s*\)/g;
const INCLUDE = /^\s*include\("([^"]*cmake_install\.cmake)"\)/gm;

/** The files (absolute paths, as the script names them) that `components` install, in script order. */
export function componentFiles(script: string, components: readonly string[]): string[] {
  const files: string[] = [];
  for (const block of script.matchAll(BLOCK)) {
    if (!components.includes(block[1] ?? block[2] ?? '')) continue;
    for (const rule of (block[3] ?? '').matchAll(INSTALL)) {
      if (/\bOPTIONAL\b/.test(rule[2] ?? '')) continue;
      for (const file of (rule[3] ?? '').matchAll(/"([^"]*)"/g)) files.push(file[1] ?? '');
    }
  }
  return files.filter((file) => file !== '');
}

/** The subdirectories' install scripts a cmake_install.cmake includes. */
export function includedScripts(script: string): string[] {
  return [...script.matchAll(INCLUDE)].map((match) => match[1] ?? '').filter((path) => path !== '');
}

/**
 * Of the files the components install, those ninja builds (its outputs, relative to the build
 * directory, as `ninja -t targets all` lists them): the targets to name. Files that are no ninja
 * output exist after configure (scripts, message directories) or come from the source tree.
 */
export function componentTargets(
  files: readonly string[],
  buildDir: string,
  ninjaOutputs: ReadonlySet<string>,
): string[] {
  const top = buildDir.endsWith('/') ? buildDir : `${buildDir}/`;
  const targets = files
    .filter((file) => file.startsWith(top))
    .map((file) => file.slice(top.length))
    .filter((file) => ninjaOutputs.has(file));
  return [...new Set(targets)].sort();
}

/** `ninja -t targets all` prints "output: rule" per line → the outputs. */
export function parseNinjaTargets(text: string): Set<string> {
  const outputs = new Set<string>();
  for (const line of text.split('\n')) {
    const at = line.lastIndexOf(': ');
    if (at > 0) outputs.add(line.slice(0, at));
  }
  return outputs;
}
