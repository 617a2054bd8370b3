// Entry point of the action.
import { run } from './main.js';

await run();
