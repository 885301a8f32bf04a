// Without Redis, sign-in sessions outlive a restart: the memory store, saved to one file
// under DATA_DIR (beside the wallets' watchlists, under the same lock) after each change.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';
import { addressSchema, chainIdSchema } from '@token-portfolio/shared/auth-bodies';
import writeFileAtomic from 'write-file-atomic';
import { MemorySessionStore } from '@token-portfolio/remote-header/server';

const SnapshotSchema = v.object({
  sessions: v.array(
    v.tuple([v.string(), v.object({ address: addressSchema, chainId: chainIdSchema }), v.number()]),
  ),
  nonces: v.array(v.tuple([v.string(), v.number()])),
});

export class FileSessionStore extends MemorySessionStore {
  #saving: Promise<void> = Promise.resolve();
  #dirty = false;
  /** While the file's own entries are taken back, there is nothing new to write. */
  #restoring = false;

  private constructor(
    private readonly file: string,
    private readonly warn: (message: string) => void,
  ) {
    super({ onChange: () => this.#save() });
  }

  /** The store saved in `dataDir`, or an empty one (with a warning) when its file is unreadable. */
  static async open(dataDir: string, warn: (message: string) => void): Promise<FileSessionStore> {
    const store = new FileSessionStore(path.join(dataDir, 'sessions.json'), warn);
    const text = await readFile(store.file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') warn(`Sign-in sessions could not be read: ${error.message}`);
      return null;
    });
    if (text === null) return store;
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // reported below with any other unreadable content
    }
    const saved = v.safeParse(SnapshotSchema, json);
    if (saved.success) {
      store.#restoring = true;
      await store.restore(saved.output);
      store.#restoring = false;
    } else warn(`Sign-in sessions in ${store.file} are unreadable: visitors sign in again.`);
    return store;
  }

  /** One write at a time; changes made meanwhile are written by the next one. */
  #save(): void {
    if (this.#dirty || this.#restoring) return;
    this.#dirty = true;
    this.#saving = this.#saving.then(async () => {
      this.#dirty = false;
      const text = JSON.stringify(this.snapshot());
      await writeFileAtomic(this.file, text, { mode: 0o600 }).catch((error: Error) =>
        this.warn(`Sign-in sessions could not be saved: ${error.message}`),
      );
    });
  }

  override async close(): Promise<void> {
    await this.#saving;
    await super.close();
  }
}
