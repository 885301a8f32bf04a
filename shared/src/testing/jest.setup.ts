import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks these; viem and msw need them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Tests that drive React through act() without Testing Library need React told so.
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
