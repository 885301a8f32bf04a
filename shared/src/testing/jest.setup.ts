import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks these; viem and msw need them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Tests that drive React through act() without Testing Library need React told so.
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

// jsdom's File has no text(), which every browser's has (jest-fixed-jsdom gives Blob
// Node's, but File stays jsdom's); its FileReader reads one.
if (
  typeof File !== 'undefined' &&
  typeof FileReader !== 'undefined' &&
  !('text' in File.prototype)
) {
  Object.defineProperty(File.prototype, 'text', {
    writable: true,
    configurable: true,
    value(this: File) {
      return new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
        reader.readAsText(this);
      });
    },
  });
}
