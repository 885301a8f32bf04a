import './runtimeConfig';

// Async boundary: shared modules are negotiated before anything consumes them.
void import('./bootstrap');
