// The HTML rendering of the report document: one self-contained page.
export { type EmbedScripts, type HtmlChart, jsonScriptContent, renderHtmlPage } from './html/page.js';
