// First, for its effect: the first rows' request goes out before the rest is evaluated.
import './ask-first-list';
import { mount } from 'svelte';
import App from './App.svelte';

const target = document.getElementById('app');
if (!target) throw new Error('Fleet Desk: #app element missing from index.html');
export default mount(App, { target });
