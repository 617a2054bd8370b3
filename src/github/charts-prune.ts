// What the charts branch drops when a pull request's charts are published: the oldest runs of that
// pull request beyond the newest `keep` (counting the run being published), and the folders of
// pull requests that are closed. Nothing else on the branch is touched (the nightly's history
// charts and pages, files of unknown shape).
//
// Why prune a branch whose history keeps every blob anyway: old comments link their images by
// commit SHA, which stays valid, but the branch's tree is what GitHub Pages publishes (a site
// has a size limit) and what every listing of the branch walks.
//
// Whether a pull request is closed is asked of the API: the open ones are listed once, and a
// folder whose number is not among them is dropped only when GitHub says that pull request is
// closed (one opened after the listing is not mistaken for a closed one).
import type { BranchHead, BranchTarget, DeletedTreeEntry } from './branch-commit.js';
import type { GitHubClient } from './client.js';
import { gitHubMessage, httpStatus } from './github-errors.js';

export interface PruneRequest {
  /** Runs kept per pull request, the one being published included; 0 keeps every run and folder. */
  readonly keep: number;
  /** The pull request being published: its folder is trimmed, never dropped. */
  readonly pullRequest: number;
  /** The run being published, under `pr-<pullRequest>/`. */
  readonly runKey: string;
}

export interface PrunePlan {
  readonly deletions: readonly DeletedTreeEntry[];
  /** Why pruning was skipped, when it was (a warning: the charts are still published). */
  readonly warning?: string;
}

const PULL_FOLDER = /^pr-([1-9][0-9]{0,9})$/;
const RUN_FOLDER = /^([0-9]{1,20})-([0-9]{1,6})$/;

interface TreeItem {
  readonly path: string;
  readonly type: string;
  readonly sha: string;
}

async function listTree(client: GitHubClient, target: BranchTarget, treeSha: string): Promise<TreeItem[]> {
  const { data } = await client.rest.git.getTree({
    owner: target.owner,
    repo: target.repo,
    tree_sha: treeSha,
  });
  if (data.truncated) throw new Error(`GitHub truncated the listing of tree ${treeSha}`);
  return data.tree.map((item) => ({ path: item.path, type: item.type, sha: item.sha }));
}

/** Run folders, newest first: by run id, then attempt. */
function newestFirst(names: readonly string[]): string[] {
  const key = (name: string): [bigint, number] => {
    const match = RUN_FOLDER.exec(name);
    return match === null ? [0n, 0] : [BigInt(match[1] ?? '0'), Number(match[2])];
  };
  return [...names].sort((a, b) => {
    const [runA, attemptA] = key(a);
    const [runB, attemptB] = key(b);
    return runA === runB ? attemptB - attemptA : runA > runB ? -1 : 1;
  });
}

function deletion(path: string): DeletedTreeEntry {
  return { path, mode: '040000', type: 'tree', sha: null };
}

/** Decides, once per publish, which pull requests are closed; asked lazily and remembered. */
export class PullRequestStates {
  private open: Set<number> | undefined;
  private readonly closed = new Map<number, boolean>();

  constructor(
    private readonly client: GitHubClient,
    private readonly target: BranchTarget,
  ) {}

  async isClosed(number: number): Promise<boolean> {
    this.open ??= new Set(
      (
        await this.client.paginate(this.client.rest.pulls.list, {
          owner: this.target.owner,
          repo: this.target.repo,
          state: 'open',
          per_page: 100,
        })
      ).map((pull) => pull.number),
    );
    if (this.open.has(number)) return false;
    const known = this.closed.get(number);
    if (known !== undefined) return known;
    let closed: boolean;
    try {
      const { data } = await this.client.rest.pulls.get({
        owner: this.target.owner,
        repo: this.target.repo,
        pull_number: number,
      });
      closed = data.state === 'closed';
    } catch (error) {
      // Not a pull request of this repository (an issue's number, a folder someone made): left alone.
      if (httpStatus(error) !== 404) throw error;
      closed = false;
    }
    this.closed.set(number, closed);
    return closed;
  }
}

/** The folders to take out of `head`'s tree in the commit that publishes `request.runKey`. */
export async function planPrune(
  client: GitHubClient,
  target: BranchTarget,
  head: BranchHead | null,
  request: PruneRequest,
  states: PullRequestStates,
): Promise<PrunePlan> {
  if (request.keep === 0 || head === null) return { deletions: [] };
  try {
    const deletions: DeletedTreeEntry[] = [];
    for (const item of await listTree(client, target, head.treeSha)) {
      const match = PULL_FOLDER.exec(item.path);
      if (item.type !== 'tree' || match === null) continue;
      const number = Number(match[1]);
      if (number === request.pullRequest) {
        const runs = (await listTree(client, target, item.sha))
          .filter((run) => run.type === 'tree' && RUN_FOLDER.test(run.path) && run.path !== request.runKey)
          .map((run) => run.path);
        const dropped = newestFirst(runs).slice(request.keep - 1);
        deletions.push(...dropped.map((run) => deletion(`${item.path}/${run}`)));
      } else if (await states.isClosed(number)) {
        deletions.push(deletion(item.path));
      }
    }
    return { deletions };
  } catch (error) {
    return {
      deletions: [],
      warning: `the charts branch was not pruned (${gitHubMessage(error)}); the token needs \`pull-requests: read\` to tell closed pull requests`,
    };
  }
}
