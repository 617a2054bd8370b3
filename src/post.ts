// Entry point of the action's post step: stops what the main step left running (src/action/post.ts).
import { post } from './action/post.js';

await post();
