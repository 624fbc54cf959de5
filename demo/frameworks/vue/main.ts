// Registers the elements before Vue renders, so Vue finds their properties on them.
import '../../../src/define.js';
// The template types of the elements (checked by vue-tsc / Volar).
import type {} from '../../../src/types/vue.js';
import { createApp } from 'vue';
import App from './App.vue';

createApp(App).mount('#app');
