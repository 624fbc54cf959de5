// A Vue 3 app as the README shows it, on the installed tarball.
import 'testimonial-elements/define';
import type {} from 'testimonial-elements/vue';
import { createApp } from 'vue';
import App from './App.vue';

createApp(App).mount('#app');
