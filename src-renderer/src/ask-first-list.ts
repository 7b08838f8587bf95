/**
 * Imported first by main.ts, for its effect: ES modules run in import order, so the first
 * rows' request goes out before the modules of the app (the views, Leaflet, Svelte's
 * runtime) are evaluated and long before the app is mounted.
 */
import { askFirstList } from './lib/first-list';

askFirstList();
