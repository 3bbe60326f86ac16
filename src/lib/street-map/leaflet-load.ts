// Leaflet, evaluated with its VML probe answered without an Error. As it loads, Leaflet asks
// `document.namespaces.add(...)` (old Internet Explorer's VML) inside a try; in every other browser that
// throws a TypeError, made inside Leaflet's 150 kB module function. While an inspector is attached, as
// Lighthouse's is, V8 records the stack of every Error made and re-parses each function on it to do so
// (the same cost as React DOM's, src/app/stackless-errors.ts). For the moment Leaflet evaluates,
// `document.namespaces` throws a plain value instead, which records no stack: Leaflet takes the same
// branch (no VML). ES modules evaluate their imports in order; leaflet-maps.tsx imports this first.
import './vml-probe-answer.ts';
import 'leaflet';
import { removeVmlProbeAnswer } from './vml-probe-answer.ts';

removeVmlProbeAnswer();
