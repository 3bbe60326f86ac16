#!/usr/bin/env node
// Draws the demo images as small SVG illustrations (no network, deterministic), then has them
// pictured as the WebP files the seed points at (raster-images.mjs):
//   public/img/restaurants/<profile>-<n>.svg   restaurant covers (by cuisine, 480x320)
//   public/img/dishes/<kind>.svg               dish pictures (240x240)
//   public/img/banners/<name>.svg              home banners with their text (800x320)
//   public/img/default-restaurant.svg          fallback when an image fails to load
// Run: node scripts/generate-images.mjs   (writes the files; the same output on every run)
// The names must match src/server/db/seed/{profiles,dishes,coupons}.ts (tests/api/seed.test.ts checks).
import { mkdirSync, writeFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'img');

function rng(key) {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  let s = h >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const n = (x) => Math.round(x * 10) / 10;
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function svg(w, h, title, body, [c1, c2]) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<title>${esc(title)}</title>` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/>` +
    `<stop offset="1" stop-color="${c2}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/>${body}</svg>\n`
  );
}

// ---- primitives (drawn around a centre x, y with a size s) ----
const plate = (x, y, s, rim = '#fff', inner = '#f3efe7') =>
  `<ellipse cx="${x}" cy="${y}" rx="${s}" ry="${n(s * 0.62)}" fill="${rim}"/>` +
  `<ellipse cx="${x}" cy="${y}" rx="${n(s * 0.78)}" ry="${n(s * 0.46)}" fill="${inner}"/>`;
const bowl = (x, y, s, body = '#fff', fill = '#e0662a') =>
  `<ellipse cx="${x}" cy="${y}" rx="${s}" ry="${n(s * 0.32)}" fill="${fill}"/>` +
  `<path d="M${n(x - s)} ${y}a${s} ${n(s * 0.9)} 0 0 0 ${2 * s} 0z" fill="${body}"/>` +
  `<ellipse cx="${x}" cy="${n(y + s * 0.86)}" rx="${n(s * 0.4)}" ry="${n(s * 0.1)}" fill="${body}"/>`;
const dots = (r, x, y, w, h, count, size, colors) => {
  let out = '';
  for (let i = 0; i < count; i++) {
    const fill = colors ? ` fill="${colors[i % colors.length]}"` : '';
    out += `<circle cx="${n(x + (r() - 0.5) * w)}" cy="${n(y + (r() - 0.5) * h)}" r="${n(size * (0.6 + r() * 0.6))}"${fill}/>`;
  }
  return out;
};
const steam = (x, y, s) =>
  [-1, 0, 1]
    .map(
      (k) =>
        `<path d="M${n(x + k * s * 0.3)} ${y}c${n(s * 0.15)} ${n(-s * 0.15)} ${n(-s * 0.15)} ${n(-s * 0.3)} 0 ${n(-s * 0.45)}" stroke="#fff" stroke-opacity=".7" stroke-width="${n(s * 0.06)}" fill="none" stroke-linecap="round"/>`,
    )
    .join('');
const glass = (x, y, s, liquid, top = '') =>
  `<path d="M${n(x - s * 0.35)} ${n(y - s * 0.6)}h${n(s * 0.7)}l${n(-s * 0.08)} ${n(s * 1.2)}h${n(-s * 0.54)}z" fill="#fff" fill-opacity=".85"/>` +
  `<path d="M${n(x - s * 0.3)} ${n(y - s * 0.35)}h${n(s * 0.6)}l${n(-s * 0.06)} ${n(s * 0.9)}h${n(-s * 0.48)}z" fill="${liquid}"/>` +
  top;
const cup = (x, y, s, drink) =>
  `<ellipse cx="${x}" cy="${n(y + s * 0.45)}" rx="${n(s * 0.75)}" ry="${n(s * 0.18)}" fill="#fff"/>` +
  `<path d="M${n(x - s * 0.45)} ${n(y - s * 0.3)}h${n(s * 0.9)}l${n(-s * 0.1)} ${n(s * 0.7)}h${n(-s * 0.7)}z" fill="#fff"/>` +
  `<path d="M${n(x + s * 0.42)} ${n(y - s * 0.15)}a${n(s * 0.18)} ${n(s * 0.18)} 0 0 1 0 ${n(s * 0.36)}" stroke="#fff" stroke-width="${n(s * 0.08)}" fill="none"/>` +
  `<ellipse cx="${x}" cy="${n(y - s * 0.3)}" rx="${n(s * 0.45)}" ry="${n(s * 0.1)}" fill="${drink}"/>`;

// ---- dishes: each draws around (x, y) with size s, using r() for variation ----
const DISHES = {
  biryani: (r, x, y, s) =>
    bowl(x, y, s, '#8d4a24', '#f6e7c1') +
    dots(r, x, n(y - s * 0.08), s * 1.3, s * 0.3, 10, s * 0.06, ['#d98c2b', '#fff3d6', '#7a3b12']) +
    `<path d="M${x} ${n(y - s * 0.2)}q${n(s * 0.15)} ${n(-s * 0.2)} ${n(s * 0.3)} 0" fill="#4caf50"/>`,
  curry: (r, x, y, s) =>
    bowl(x, y, s, '#fff', '#d9531e') +
    `<path d="M${n(x - s * 0.4)} ${y}q${n(s * 0.4)} ${n(-s * 0.2)} ${n(s * 0.8)} 0" stroke="#fff6e5" stroke-width="${n(s * 0.06)}" fill="none"/>` +
    dots(r, x, y, s, s * 0.2, 5, s * 0.07, ['#f4a261', '#6b8e23']),
  paneer: (r, x, y, s) =>
    bowl(x, y, s, '#fff', '#e76f1e') +
    [-0.45, -0.1, 0.25, 0.05]
      .map(
        (k, i) =>
          `<rect x="${n(x + k * s)}" y="${n(y - s * 0.12 + (i % 2) * s * 0.08)}" width="${n(s * 0.2)}" height="${n(s * 0.16)}" rx="2" fill="#fff8e7"/>`,
      )
      .join(''),
  dal: (r, x, y, s) =>
    bowl(x, y, s, '#fff', '#e9b12b') + dots(r, x, y, s * 1.2, s * 0.2, 7, s * 0.05, ['#b5361b', '#3f7d20']),
  kebab: (r, x, y, s) =>
    plate(x, y, s) +
    [-0.2, 0.05, 0.3]
      .map(
        (k) =>
          `<rect x="${n(x - s * 0.6)}" y="${n(y + k * s - s * 0.08)}" width="${n(s * 1.2)}" height="${n(s * 0.14)}" rx="${n(s * 0.07)}" fill="#9c4a1a"/>`,
      )
      .join('') +
    `<circle cx="${n(x + s * 0.55)}" cy="${n(y - s * 0.3)}" r="${n(s * 0.1)}" fill="#c5e063"/>`,
  tandoori: (r, x, y, s) =>
    plate(x, y, s) +
    [-0.3, 0.15]
      .map(
        (k) =>
          `<path d="M${n(x + k * s)} ${n(y - s * 0.1)}q${n(s * 0.25)} ${n(-s * 0.25)} ${n(s * 0.35)} ${n(s * 0.1)}q${n(-s * 0.05)} ${n(s * 0.3)} ${n(-s * 0.3)} ${n(s * 0.2)}z" fill="#c2410c"/>`,
      )
      .join('') +
    `<path d="M${n(x + s * 0.5)} ${n(y + s * 0.15)}a${n(s * 0.12)} ${n(s * 0.12)} 0 0 1 0 ${n(s * 0.24)}z" fill="#d9e76c"/>`,
  bread: (r, x, y, s) =>
    plate(x, y, s) +
    `<ellipse cx="${x}" cy="${y}" rx="${n(s * 0.6)}" ry="${n(s * 0.32)}" fill="#e8b86a"/>` +
    dots(r, x, y, s * 0.9, s * 0.4, 9, s * 0.04, ['#8a5a22', '#3f7d20']),
  rice: (r, x, y, s) =>
    bowl(x, y, s, '#fff', '#fbf7ee') +
    dots(r, x, n(y - s * 0.05), s * 1.2, s * 0.2, 8, s * 0.03, ['#8b6b3d']),
  dosa: (r, x, y, s) =>
    plate(x, y, s, '#fff', '#c9e4a7') +
    `<path d="M${n(x - s * 0.75)} ${n(y + s * 0.05)}l${n(s * 1.3)} ${n(-s * 0.25)}a${n(s * 0.12)} ${n(s * 0.12)} 0 0 1 0 ${n(s * 0.3)}z" fill="#d7922e"/>` +
    `<circle cx="${n(x - s * 0.35)}" cy="${n(y + s * 0.28)}" r="${n(s * 0.12)}" fill="#fff"/><circle cx="${n(x)}" cy="${n(y + s * 0.3)}" r="${n(s * 0.12)}" fill="#e76f1e"/>`,
  idli: (r, x, y, s) =>
    plate(x, y, s) +
    [-0.3, 0.05]
      .map(
        (k) =>
          `<ellipse cx="${n(x + k * s)}" cy="${n(y)}" rx="${n(s * 0.24)}" ry="${n(s * 0.14)}" fill="#fffdf6" stroke="#e6dccb"/>`,
      )
      .join('') +
    `<circle cx="${n(x + s * 0.45)}" cy="${n(y + s * 0.05)}" r="${n(s * 0.14)}" fill="#e9a53b"/>`,
  vada: (r, x, y, s) =>
    plate(x, y, s) +
    [-0.28, 0.22]
      .map(
        (k) =>
          `<circle cx="${n(x + k * s)}" cy="${y}" r="${n(s * 0.24)}" fill="#b8702a"/><circle cx="${n(x + k * s)}" cy="${y}" r="${n(s * 0.07)}" fill="#f3efe7"/>`,
      )
      .join(''),
  noodles: (r, x, y, s) =>
    bowl(x, y, s, '#c62828', '#f2c14e') +
    [0, 1, 2]
      .map(
        (k) =>
          `<path d="M${n(x - s * 0.7)} ${n(y - s * 0.05 + k * s * 0.06)}q${n(s * 0.35)} ${n(-s * 0.12)} ${n(s * 0.7)} 0t${n(s * 0.7)} 0" stroke="#e0a92e" stroke-width="${n(s * 0.04)}" fill="none"/>`,
      )
      .join('') +
    `<path d="M${n(x + s * 0.2)} ${n(y - s * 0.9)}l${n(s * 0.4)} ${n(s * 0.8)}M${n(x + s * 0.35)} ${n(y - s * 0.95)}l${n(s * 0.35)} ${n(s * 0.85)}" stroke="#5d4037" stroke-width="${n(s * 0.05)}"/>`,
  'fried-rice': (r, x, y, s) =>
    bowl(x, y, s, '#1e88e5', '#f6e7c1') +
    dots(r, x, n(y - s * 0.05), s * 1.3, s * 0.25, 12, s * 0.05, ['#43a047', '#fb8c00', '#fdd835']),
  manchurian: (r, x, y, s) =>
    bowl(x, y, s, '#fff', '#6d2f12') +
    dots(r, x, n(y - s * 0.05), s, s * 0.2, 6, s * 0.13, ['#8d4a24', '#7b3a17']) +
    dots(r, x, y, s, s * 0.2, 4, s * 0.04, ['#7cb342']),
  momos: (r, x, y, s) =>
    plate(x, y, s) +
    [-0.35, 0, 0.35]
      .map(
        (k) =>
          `<path d="M${n(x + k * s - s * 0.18)} ${n(y + s * 0.08)}q${n(s * 0.18)} ${n(-s * 0.45)} ${n(s * 0.36)} 0z" fill="#fffaf0" stroke="#e2d6c2"/>`,
      )
      .join('') +
    `<circle cx="${n(x + s * 0.55)}" cy="${n(y + s * 0.2)}" r="${n(s * 0.1)}" fill="#d32f2f"/>`,
  pizza: (r, x, y, s) =>
    `<circle cx="${x}" cy="${y}" r="${n(s * 0.8)}" fill="#d99a3d"/><circle cx="${x}" cy="${y}" r="${n(s * 0.68)}" fill="#f4c542"/>` +
    dots(r, x, y, s * 1, s * 1, 8, s * 0.08, ['#c62828', '#2e7d32', '#6d4c41']) +
    [0, 60, 120]
      .map(
        (a) =>
          `<path d="M${n(x - s * 0.8 * Math.cos((a * Math.PI) / 180))} ${n(y - s * 0.8 * Math.sin((a * Math.PI) / 180))}L${n(x + s * 0.8 * Math.cos((a * Math.PI) / 180))} ${n(y + s * 0.8 * Math.sin((a * Math.PI) / 180))}" stroke="#d99a3d" stroke-width="2"/>`,
      )
      .join(''),
  pasta: (r, x, y, s) =>
    plate(x, y, s) +
    dots(r, x, y, s * 1, s * 0.45, 12, s * 0.09, ['#f2b134', '#e9a23b', '#d84315']) +
    dots(r, x, y, s, s * 0.4, 4, s * 0.04, ['#43a047']),
  'garlic-bread': (r, x, y, s) =>
    plate(x, y, s) +
    [-0.35, 0, 0.35]
      .map(
        (k) =>
          `<rect x="${n(x + k * s - s * 0.15)}" y="${n(y - s * 0.22)}" width="${n(s * 0.3)}" height="${n(s * 0.44)}" rx="${n(s * 0.08)}" fill="#e9b44c" stroke="#b7791f"/>`,
      )
      .join('') +
    dots(r, x, y, s, s * 0.3, 8, s * 0.03, ['#2e7d32']),
  burger: (r, x, y, s) =>
    `<path d="M${n(x - s * 0.7)} ${n(y - s * 0.1)}a${n(s * 0.7)} ${n(s * 0.55)} 0 0 1 ${n(s * 1.4)} 0z" fill="#e0a04a"/>` +
    dots(r, x, n(y - s * 0.35), s * 0.9, s * 0.2, 6, s * 0.03, ['#fff3d6']) +
    `<path d="M${n(x - s * 0.75)} ${n(y - s * 0.05)}q${n(s * 0.37)} ${n(s * 0.12)} ${n(s * 0.75)} 0t${n(s * 0.75)} 0" stroke="#66bb6a" stroke-width="${n(s * 0.1)}" fill="none"/><rect x="${n(x - s * 0.72)}" y="${n(y + s * 0.02)}" width="${n(s * 1.44)}" height="${n(s * 0.16)}" rx="${n(s * 0.06)}" fill="#fdd835"/><rect x="${n(x - s * 0.7)}" y="${n(y + s * 0.14)}" width="${n(s * 1.4)}" height="${n(s * 0.2)}" rx="${n(s * 0.1)}" fill="#5d3a1a"/><rect x="${n(x - s * 0.7)}" y="${n(y + s * 0.34)}" width="${n(s * 1.4)}" height="${n(s * 0.22)}" rx="${n(s * 0.1)}" fill="#e0a04a"/>`,
  fries: (r, x, y, s) =>
    [-0.3, -0.15, 0, 0.15, 0.3]
      .map(
        (k, i) =>
          `<rect x="${n(x + k * s - s * 0.05)}" y="${n(y - s * 0.7 + (i % 2) * s * 0.1)}" width="${n(s * 0.1)}" height="${n(s * 0.7)}" fill="#f9c846"/>`,
      )
      .join('') +
    `<path d="M${n(x - s * 0.5)} ${n(y - s * 0.15)}h${n(s)}l${n(-s * 0.12)} ${n(s * 0.8)}h${n(-s * 0.76)}z" fill="#d32f2f"/>`,
  wrap: (r, x, y, s) =>
    plate(x, y, s) +
    `<rect x="${n(x - s * 0.6)}" y="${n(y - s * 0.18)}" width="${n(s * 1.2)}" height="${n(s * 0.36)}" rx="${n(s * 0.18)}" fill="#efd29b" transform="rotate(-15 ${x} ${y})"/><ellipse cx="${n(x + s * 0.55)}" cy="${n(y - s * 0.15)}" rx="${n(s * 0.08)}" ry="${n(s * 0.17)}" fill="#7cb342" transform="rotate(-15 ${x} ${y})"/>`,
  sandwich: (r, x, y, s) =>
    plate(x, y, s) +
    [-1, 1]
      .map(
        (k) =>
          `<path d="M${n(x + k * s * 0.05)} ${n(y - s * 0.35)}l${n(k * s * 0.55)} ${n(s * 0.55)}h${n(-k * s * 0.55)}z" fill="#f1d7a0" stroke="#c49a55"/><path d="M${n(x + k * s * 0.1)} ${n(y + s * 0.12)}h${n(k * s * 0.45)}" stroke="#66bb6a" stroke-width="${n(s * 0.05)}"/>`,
      )
      .join(''),
  salad: (r, x, y, s) =>
    bowl(x, y, s, '#fff', '#7cb342') +
    dots(r, x, n(y - s * 0.05), s * 1.3, s * 0.25, 12, s * 0.08, [
      '#558b2f',
      '#aed581',
      '#e53935',
      '#fdd835',
    ]),
  soup: (r, x, y, s) =>
    bowl(x, y, s, '#fff', '#e5732a') +
    dots(r, x, y, s, s * 0.15, 4, s * 0.04, ['#43a047', '#fff3d6']) +
    steam(x, n(y - s * 0.3), s),
  fish: (r, x, y, s) =>
    plate(x, y, s, '#fff', '#c9e4a7') +
    `<path d="M${n(x - s * 0.55)} ${y}q${n(s * 0.5)} ${n(-s * 0.4)} ${n(s * 0.9)} 0l${n(s * 0.2)} ${n(-s * 0.15)}v${n(s * 0.3)}l${n(-s * 0.2)} ${n(-s * 0.15)}q${n(-s * 0.4)} ${n(s * 0.4)} ${n(-s * 0.9)} 0z" fill="#d9822b"/><circle cx="${n(x - s * 0.4)}" cy="${n(y - s * 0.04)}" r="${n(s * 0.03)}" fill="#333"/>`,
  prawn: (r, x, y, s) =>
    plate(x, y, s) +
    [-0.3, 0.1]
      .map(
        (k) =>
          `<path d="M${n(x + k * s)} ${n(y - s * 0.15)}a${n(s * 0.2)} ${n(s * 0.2)} 0 1 0 ${n(s * 0.25)} ${n(s * 0.3)}" stroke="#f4743b" stroke-width="${n(s * 0.13)}" fill="none" stroke-linecap="round"/>`,
      )
      .join(''),
  'ice-cream': (r, x, y, s) =>
    `<path d="M${n(x - s * 0.35)} ${n(y - s * 0.1)}h${n(s * 0.7)}l${n(-s * 0.35)} ${n(s * 0.9)}z" fill="#d9a05b"/><circle cx="${n(x - s * 0.15)}" cy="${n(y - s * 0.25)}" r="${n(s * 0.3)}" fill="#f8bbd0"/><circle cx="${n(x + s * 0.17)}" cy="${n(y - s * 0.28)}" r="${n(s * 0.28)}" fill="#795548"/><circle cx="${x}" cy="${n(y - s * 0.55)}" r="${n(s * 0.26)}" fill="#fff8e1"/>`,
  cake: (r, x, y, s) =>
    plate(x, n(y + s * 0.3), s * 0.9) +
    `<path d="M${n(x - s * 0.5)} ${n(y + s * 0.3)}v${n(-s * 0.5)}l${n(s * 0.95)} ${n(-s * 0.2)}v${n(s * 0.5)}z" fill="#6d3b1f"/><path d="M${n(x - s * 0.5)} ${n(y + s * 0.05)}l${n(s * 0.95)} ${n(-s * 0.2)}" stroke="#fbe9e7" stroke-width="${n(s * 0.06)}"/><path d="M${n(x - s * 0.5)} ${n(y - s * 0.2)}l${n(s * 0.95)} ${n(-s * 0.2)}l${n(-s * 0.3)} ${n(-s * 0.1)}z" fill="#4e2a14"/><circle cx="${n(x + s * 0.2)}" cy="${n(y - s * 0.4)}" r="${n(s * 0.07)}" fill="#d32f2f"/>`,
  sweet: (r, x, y, s) =>
    bowl(x, y, s, '#fff', '#f0c36d') +
    dots(r, x, n(y - s * 0.05), s * 0.9, s * 0.15, 3, s * 0.17, ['#8d3b12', '#9b4316']),
  coffee: (r, x, y, s) => cup(x, y, s, '#6d4c41') + steam(x, n(y - s * 0.45), s * 0.8),
  tea: (r, x, y, s) =>
    `<path d="M${n(x - s * 0.38)} ${n(y - s * 0.35)}h${n(s * 0.76)}l${n(-s * 0.12)} ${n(s * 0.85)}h${n(-s * 0.52)}z" fill="#b5652e"/><ellipse cx="${x}" cy="${n(y - s * 0.35)}" rx="${n(s * 0.38)}" ry="${n(s * 0.08)}" fill="#c8915a"/>` +
    steam(x, n(y - s * 0.5), s * 0.8),
  juice: (r, x, y, s) =>
    glass(
      x,
      y,
      s,
      '#ff9800',
      `<path d="M${n(x + s * 0.1)} ${n(y - s * 0.9)}l${n(-s * 0.15)} ${n(s * 0.7)}" stroke="#e53935" stroke-width="${n(s * 0.05)}"/><circle cx="${n(x + s * 0.3)}" cy="${n(y - s * 0.6)}" r="${n(s * 0.12)}" fill="#cddc39"/>`,
    ),
  shake: (r, x, y, s) =>
    glass(
      x,
      y,
      s,
      '#c48b6a',
      `<ellipse cx="${x}" cy="${n(y - s * 0.62)}" rx="${n(s * 0.33)}" ry="${n(s * 0.16)}" fill="#fffaf0"/><circle cx="${x}" cy="${n(y - s * 0.8)}" r="${n(s * 0.07)}" fill="#c62828"/>`,
    ),
  chaat: (r, x, y, s) =>
    plate(x, y, s) +
    dots(r, x, y, s * 1, s * 0.45, 6, s * 0.14, ['#e0a04a', '#d99a3d']) +
    dots(r, x, y, s, s * 0.45, 14, s * 0.03, ['#fdd835', '#7cb342', '#fff', '#b71c1c']),
  thali: (r, x, y, s) =>
    `<circle cx="${x}" cy="${y}" r="${n(s * 0.85)}" fill="#cfd8dc"/><circle cx="${x}" cy="${y}" r="${n(s * 0.75)}" fill="#eceff1"/>` +
    [
      ['#e9b12b', -0.4, -0.3],
      ['#d9531e', 0, -0.45],
      ['#7cb342', 0.4, -0.3],
      ['#fff', 0.35, 0.2],
    ]
      .map(
        ([c, dx, dy]) =>
          `<circle cx="${n(x + dx * s)}" cy="${n(y + dy * s)}" r="${n(s * 0.18)}" fill="#b0bec5"/><circle cx="${n(x + dx * s)}" cy="${n(y + dy * s)}" r="${n(s * 0.14)}" fill="${c}"/>`,
      )
      .join('') +
    `<ellipse cx="${n(x - s * 0.2)}" cy="${n(y + s * 0.25)}" rx="${n(s * 0.3)}" ry="${n(s * 0.18)}" fill="#fffdf6"/>`,
  appam: (r, x, y, s) =>
    plate(x, y, s, '#fff', '#c9e4a7') +
    `<circle cx="${x}" cy="${y}" r="${n(s * 0.42)}" fill="#fff8e7" stroke="#e8d3a9" stroke-dasharray="3 2"/><circle cx="${x}" cy="${y}" r="${n(s * 0.18)}" fill="#f1dfb5"/>`,
  egg: (r, x, y, s) =>
    plate(x, y, s) +
    `<path d="M${n(x - s * 0.45)} ${y}q${n(s * 0.1)} ${n(-s * 0.4)} ${n(s * 0.45)} ${n(-s * 0.3)}t${n(s * 0.45)} ${n(s * 0.2)}t${n(-s * 0.4)} ${n(s * 0.35)}t${n(-s * 0.5)} ${n(-s * 0.25)}z" fill="#fff"/><circle cx="${x}" cy="${n(y - s * 0.02)}" r="${n(s * 0.15)}" fill="#fbc02d"/>`,
  wings: (r, x, y, s) =>
    plate(x, y, s) +
    [-0.35, 0, 0.35]
      .map(
        (k) =>
          `<ellipse cx="${n(x + k * s)}" cy="${y}" rx="${n(s * 0.15)}" ry="${n(s * 0.24)}" fill="#a0461a" transform="rotate(${n(k * 60)} ${n(x + k * s)} ${y})"/>`,
      )
      .join(''),
  bowl: (r, x, y, s) =>
    bowl(x, y, s, '#fff', '#f6e7c1') +
    `<path d="M${x} ${n(y - s * 0.3)}v${n(s * 0.6)}" stroke="#fff" stroke-width="2"/>` +
    dots(r, n(x - s * 0.45), y, s * 0.5, s * 0.2, 4, s * 0.09, ['#7cb342', '#558b2f']) +
    dots(r, n(x + s * 0.45), y, s * 0.5, s * 0.2, 3, s * 0.1, ['#e76f1e', '#c2410c']),
};

// Cover art per profile: palettes and the dish kinds drawn on it (must match seed/profiles.ts).
const COVERS = {
  biryani: {
    n: 4,
    palettes: [
      ['#f6a541', '#b5431c'],
      ['#ffd27f', '#c0632a'],
      ['#e9c46a', '#8c3a12'],
      ['#f4a261', '#6d2a0e'],
    ],
    kinds: ['biryani', 'kebab', 'curry'],
  },
  'north-indian': {
    n: 4,
    palettes: [
      ['#ffb347', '#d9531e'],
      ['#ffcf7a', '#a63b12'],
      ['#f7b267', '#b5651d'],
      ['#ffd6a5', '#c2410c'],
    ],
    kinds: ['curry', 'bread', 'paneer', 'tandoori', 'dal'],
  },
  'south-indian': {
    n: 4,
    palettes: [
      ['#b7e4a0', '#2e7d32'],
      ['#d6f0a8', '#558b2f'],
      ['#fff1b8', '#7cb342'],
      ['#c5e1a5', '#33691e'],
    ],
    kinds: ['dosa', 'idli', 'vada', 'coffee'],
  },
  chinese: {
    n: 3,
    palettes: [
      ['#ff8a80', '#b71c1c'],
      ['#ffcc80', '#c62828'],
      ['#ffab91', '#8e1b1b'],
    ],
    kinds: ['noodles', 'momos', 'fried-rice', 'manchurian'],
  },
  pizza: {
    n: 3,
    palettes: [
      ['#ffe0b2', '#e65100'],
      ['#fff3e0', '#bf360c'],
      ['#ffecb3', '#d84315'],
    ],
    kinds: ['pizza', 'pasta', 'garlic-bread'],
  },
  burger: {
    n: 3,
    palettes: [
      ['#ffe082', '#f57f17'],
      ['#fff59d', '#ef6c00'],
      ['#ffcc80', '#5d4037'],
    ],
    kinds: ['burger', 'fries', 'shake'],
  },
  dessert: {
    n: 4,
    palettes: [
      ['#f8bbd0', '#ad1457'],
      ['#e1bee7', '#6a1b9a'],
      ['#ffe0e9', '#c2185b'],
      ['#fce4ec', '#8e24aa'],
    ],
    kinds: ['ice-cream', 'cake', 'sweet', 'shake'],
  },
  kerala: {
    n: 3,
    palettes: [
      ['#a5d6a7', '#1b5e20'],
      ['#c8e6c9', '#2e7d32'],
      ['#dcedc8', '#33691e'],
    ],
    kinds: ['appam', 'fish', 'curry', 'prawn'],
  },
  bengali: {
    n: 3,
    palettes: [
      ['#ffe082', '#bf360c'],
      ['#fff8e1', '#d84315'],
      ['#ffecb3', '#8d6e63'],
    ],
    kinds: ['fish', 'sweet', 'wrap', 'rice'],
  },
  'street-food': {
    n: 3,
    palettes: [
      ['#fff176', '#f57c00'],
      ['#ffe57f', '#e65100'],
      ['#ffd54f', '#c62828'],
    ],
    kinds: ['chaat', 'vada', 'wrap', 'sandwich'],
  },
  healthy: {
    n: 3,
    palettes: [
      ['#dcedc8', '#43a047'],
      ['#f1f8e9', '#689f38'],
      ['#e6ee9c', '#2e7d32'],
    ],
    kinds: ['salad', 'bowl', 'juice'],
  },
  cafe: {
    n: 3,
    palettes: [
      ['#d7ccc8', '#4e342e'],
      ['#efebe9', '#6d4c41'],
      ['#ffe0b2', '#5d4037'],
    ],
    kinds: ['coffee', 'cake', 'sandwich', 'egg'],
  },
};

const BANNERS = {
  welcome: {
    title: '50% OFF on your order',
    sub: 'Use WELCOME50 · up to ₹100',
    palette: ['#fed501', '#f59e0b'],
    kind: 'biryani',
    ink: '#1f2937',
  },
  biryani: {
    title: 'Biryani festival',
    sub: 'Dum-cooked favourites, delivered hot',
    palette: ['#f6a541', '#8c3a12'],
    kind: 'biryani',
    ink: '#fff',
  },
  weekend: {
    title: 'Weekend feast',
    sub: '30% OFF with WEEKEND30',
    palette: ['#ff8a80', '#8e1b1b'],
    kind: 'pizza',
    ink: '#fff',
  },
  lunch: {
    title: 'Lunch deals',
    sub: '20% OFF from 11 AM to 3 PM',
    palette: ['#b7e4a0', '#2e7d32'],
    kind: 'thali',
    ink: '#fff',
  },
  'late-night': {
    title: 'Late-night cravings',
    sub: '₹75 OFF after 10 PM',
    palette: ['#3949ab', '#1a1a40'],
    kind: 'burger',
    ink: '#fff',
  },
  healthy: {
    title: 'Eat fresh, eat light',
    sub: 'Salads and bowls near you',
    palette: ['#dcedc8', '#388e3c'],
    kind: 'salad',
    ink: '#1b3a1b',
  },
};

function cover(key, i) {
  const spec = COVERS[key];
  const r = rng(`cover-${key}-${i}`);
  const palette = spec.palettes[(i - 1) % spec.palettes.length];
  const main = spec.kinds[(i - 1) % spec.kinds.length];
  const side = spec.kinds[i % spec.kinds.length];
  const pattern = `<g fill="#fff" fill-opacity=".14">${dots(r, 240, 160, 480, 320, 12, 9, null)}</g>`;
  const body =
    pattern + DISHES[main](r, 200 + Math.round(r() * 40), 175, 120) + DISHES[side](r, 390, 240, 55);
  return svg(480, 320, `${key} restaurant`, body, palette);
}

function dish(kind) {
  const r = rng(`dish-${kind}`);
  const hue = Math.floor(r() * 360);
  return svg(240, 240, kind.replace('-', ' '), DISHES[kind](r, 120, 130, 90), [
    `hsl(${hue} 70% 92%)`,
    `hsl(${(hue + 40) % 360} 60% 78%)`,
  ]);
}

function banner(key) {
  const b = BANNERS[key];
  const r = rng(`banner-${key}`);
  const text =
    `<text x="40" y="140" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="40" font-weight="800" fill="${b.ink}">${esc(b.title)}</text>` +
    `<text x="40" y="190" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="26" fill="${b.ink}" fill-opacity=".9">${esc(b.sub)}</text>` +
    `<rect x="40" y="220" width="150" height="44" rx="22" fill="${b.ink}"/>` +
    `<text x="115" y="249" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="18" font-weight="700" fill="${b.palette[1]}">Order now</text>`;
  return svg(800, 320, `${b.title}: ${b.sub}`, text + DISHES[b.kind](r, 690, 170, 95), b.palette);
}

function defaultRestaurant() {
  const body =
    plate(240, 170, 110, '#fff', '#eceff1') +
    `<path d="M95 95v60M85 95v30a10 10 0 0 0 20 0v-30M95 155v90" stroke="#90a4ae" stroke-width="6" stroke-linecap="round" fill="none"/>` +
    `<path d="M385 95c-18 10-18 60 0 70v80" stroke="#90a4ae" stroke-width="6" stroke-linecap="round" fill="none"/>`;
  return svg(480, 320, 'Restaurant', body, ['#f5f5f5', '#cfd8dc']);
}

function write(dir, files) {
  const full = path.join(root, dir);
  mkdirSync(full, { recursive: true });
  for (const f of readdirSync(full)) if (f.endsWith('.svg') && !(f in files)) rmSync(path.join(full, f));
  let max = 0;
  for (const [name, content] of Object.entries(files)) {
    if (Buffer.byteLength(content) > 3072)
      throw new Error(`${dir}/${name} is ${Buffer.byteLength(content)} bytes (> 3 kB)`);
    max = Math.max(max, Buffer.byteLength(content));
    writeFileSync(path.join(full, name), content);
  }
  return { count: Object.keys(files).length, max };
}

const covers = {};
for (const [key, spec] of Object.entries(COVERS))
  for (let i = 1; i <= spec.n; i++) covers[`${key}-${i}.svg`] = cover(key, i);
const dishes = Object.fromEntries(Object.keys(DISHES).map((k) => [`${k}.svg`, dish(k)]));
const banners = Object.fromEntries(Object.keys(BANNERS).map((k) => [`${k}.svg`, banner(k)]));

const results = {
  restaurants: write('restaurants', covers),
  dishes: write('dishes', dishes),
  banners: write('banners', banners),
};
mkdirSync(root, { recursive: true });
writeFileSync(path.join(root, 'default-restaurant.svg'), defaultRestaurant());
for (const [dir, { count, max }] of Object.entries(results))
  console.log(`public/img/${dir}: ${count} files (largest ${max} bytes)`);
console.log('public/img/default-restaurant.svg');
await import('./raster-images.mjs');
