// Entry point of the action.
import { run } from './action/main.js';

await run();
