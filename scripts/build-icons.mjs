// Builds the app icons of the web app manifest from public/favicon.svg (run once; the PNGs are committed).
// Usage: node scripts/build-icons.mjs
import fs from 'node:fs';
import sharp from 'sharp';

const logo = fs.readFileSync('public/favicon.svg');
const out = (name) => `public/icons/${name}`;

// Full-bleed red square with the white calendar, for maskable icons (the safe zone is the inner 80 %).
const maskable = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#c8102e"/>' +
    '<g transform="translate(6 6) scale(0.7)"><rect x="9" y="11" width="22" height="20" rx="3" fill="#fff"/>' +
    '<rect x="18" y="18" width="4" height="11" fill="#c8102e"/><rect x="14.5" y="21.5" width="11" height="4" fill="#c8102e"/></g></svg>',
);
// Monochrome (white on transparent) for the notification badge of Android's status bar.
const badge = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><path fill="#fff" fill-rule="evenodd" ' +
    'd="M12 8h16a4 4 0 0 1 4 4v16a4 4 0 0 1-4 4H12a4 4 0 0 1-4-4V12a4 4 0 0 1 4-4zm6 7v6h-6v4h6v6h4v-6h6v-4h-6v-6z"/></svg>',
);

const png = (svg, size, file) =>
  sharp(svg, { density: 384 }).resize(size, size).png({ compressionLevel: 9 }).toFile(out(file));

await png(logo, 192, 'icon-192.png');
await png(logo, 512, 'icon-512.png');
await png(maskable, 512, 'maskable-512.png');
await png(maskable, 180, 'apple-touch-icon.png');
await png(badge, 96, 'badge-96.png');
console.log('Icônes écrites dans public/icons/');
