// What a run asks of a side's server, whether it started it (ManagedServer) or measures one
// already running on another machine (RemoteServer).
import type { ManagedServer } from './server.js';

export type SideServer = Pick<
  ManagedServer,
  | 'connection'
  | 'pid'
  | 'namespacePid'
  | 'errorLogPath'
  | 'start'
  | 'stop'
  | 'useOptions'
  | 'facts'
  | 'assertAlive'
  | 'onUnexpectedExit'
> &
  // A server this run started in a control group (an untrusted side's): the limit it reached.
  Partial<Pick<ManagedServer, 'limitReached'>>;
