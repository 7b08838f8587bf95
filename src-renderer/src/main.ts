import { mount } from 'svelte';
import App from './App.svelte';
import { assets } from './state/assets.svelte';

const target = document.getElementById('app');
if (!target) throw new Error('Fleet Desk: #app element missing from index.html');
// The first rows' request travels while the app builds itself.
assets.askEarly();
export default mount(App, { target });
