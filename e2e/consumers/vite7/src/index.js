import { show } from './calls.js';

show(document.getElementById('result'));
