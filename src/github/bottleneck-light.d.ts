// bottleneck's light build (what @octokit/plugin-throttling uses) ships no types of its own: it is
// the full build without clustering, so the full build's declarations describe it.
declare module 'bottleneck/light.js' {
  import Bottleneck from 'bottleneck';
  export default Bottleneck;
}
