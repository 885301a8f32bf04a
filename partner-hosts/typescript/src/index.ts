// The async boundary Module Federation needs before shared modules (React) are used.
import('./bootstrap');
