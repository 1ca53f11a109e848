// The embed entry: <script type="module" src=".../embed.js"> defines <game-2048>;
// `import { mount } from ".../embed.js"` mounts a game into any element.
export { mount } from './www/mount.js';
export { Game2048Element } from './www/element.js';
