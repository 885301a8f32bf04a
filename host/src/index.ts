import './widgetLoads';

// Async boundaries: shared modules are negotiated before anything consumes them.
void import('./startStore');
void import('./bootstrap');
