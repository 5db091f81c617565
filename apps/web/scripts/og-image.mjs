/*
 * Draws the Open Graph picture (public/og/kora-1200x630.png) from an SVG, once; the PNG is
 * committed. Run it again after changing the drawing: `node apps/web/scripts/og-image.mjs`.
 * sharp comes from the API's dependencies (the web app does not need it otherwise).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(new URL('../../api/package.json', import.meta.url));
const sharp = require('sharp');
const out = fileURLToPath(new URL('../public/og/kora-1200x630.png', import.meta.url));

const font = `font-family="Liberation Sans, DejaVu Sans, Arial, Helvetica, sans-serif"`;
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#134e4a"/><stop offset="1" stop-color="#0f766e"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <circle cx="1090" cy="90" r="260" fill="#14b8a6" opacity=".18"/>
  <circle cx="1010" cy="640" r="190" fill="#5eead4" opacity=".14"/>
  <g transform="translate(80 80)">
    <rect width="84" height="84" rx="24" fill="#fff"/>
    <path d="M29 21v42M29 43.4 54 21M35.5 36.8 55.2 63" stroke="#0f766e" stroke-width="8" stroke-linecap="round" stroke-linejoin="round" fill="none"/>
    <text x="110" y="62" ${font} font-size="54" font-weight="700" fill="#fff">Kora</text>
  </g>
  <text ${font} font-weight="700" fill="#fff" font-size="76">
    <tspan x="80" y="318">Run your gym,</tspan><tspan x="80" y="408">not spreadsheets</tspan>
  </text>
  <text x="80" y="478" ${font} font-size="32" fill="#ccfbf1">Members, subscriptions and naira payments for gyms in Nigeria</text>
  <g ${font} font-size="26" font-weight="700">
    <rect x="80" y="524" width="300" height="52" rx="26" fill="#fff"/>
    <text x="230" y="559" text-anchor="middle" fill="#134e4a">30-day free trial</text>
    <rect x="398" y="524" width="290" height="52" rx="26" fill="none" stroke="#ccfbf1" stroke-width="2"/>
    <text x="543" y="559" text-anchor="middle" fill="#fff">No credit card</text>
  </g>
</svg>`;

mkdirSync(fileURLToPath(new URL('../public/og/', import.meta.url)), { recursive: true });
const png = await sharp(Buffer.from(svg))
  .png({ palette: true, colours: 256, dither: 0, compressionLevel: 9, effort: 10 })
  .toBuffer();
writeFileSync(out, png);
console.log(`${out}: ${png.length} bytes`);
