import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface LocalCertificate {
  certFile: string;
  keyFile: string;
  /**
   * base64 SHA-256 of the certificate's public key (SPKI): Chromium given it in
   * --ignore-certificate-errors-spki-list trusts this certificate as a valid one, so its
   * responses are cached like any site's (a certificate error would turn caching off).
   */
  spkiSha256: string;
}

/** A throwaway certificate for 127.0.0.1 (P-256, two days), made with Debian's openssl. */
export function createLocalCertificate(dir: string): LocalCertificate {
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'pipe' },
  );
  const spki = new X509Certificate(readFileSync(certFile)).publicKey.export({
    type: 'spki',
    format: 'der',
  });
  return { certFile, keyFile, spkiSha256: createHash('sha256').update(spki).digest('base64') };
}
