import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks these; viem and msw need them.
Object.assign(globalThis, { TextEncoder, TextDecoder });
