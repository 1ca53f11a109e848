// The embed entry: <script type="module" src=".../embed.js"> defines <game-2048>;
// `import { mount } from ".../embed.js"` mounts a game into any element; setAssetBase(url)
// names where the package's files are served (bundlers that do not copy them, a CDN).
export { mount, setAssetBase } from './www/game/mount.js';
export { Game2048Element } from './www/game/element.js';
