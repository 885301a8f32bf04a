import './widgetLoads';

// Async boundary: shared modules are negotiated before anything consumes them.
void import('./bootstrap');
