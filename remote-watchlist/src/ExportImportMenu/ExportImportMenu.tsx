import { Suspense, lazy, useCallback, useRef, useState, type ChangeEvent } from 'react';
import { UndoNotice, button, useAppDispatch, useAppStore } from '@token-portfolio/shared';
import { DownloadIcon, TransferIcon, UploadIcon } from '../Icons/Icons';
import { Menu } from '../Menu/Menu';
import { hiddenWhenNarrow } from '../styles/visibility';
import type { AppliedImport } from '../ImportDialog/ImportDialog';
import type { FileFormat } from '../exportImport/watchlistFile';

// Neither is needed for the first paint: loaded on first use.
const ImportDialog = lazy(() => import('../ImportDialog/ImportDialog'));
const exportModule = () => import('../exportImport/exportFile');

/** Each import gets its own notice (and a fresh few seconds). */
type Offer = AppliedImport & { key: number };
let offers = 0;

/**
 * 'Export / Import' (docs/product.md#export-and-import): the watchlist to a CSV or JSON
 * file, or a file's tokens and holdings into it, after a preview, with Undo for a few
 * seconds.
 */
export function ExportImportMenu() {
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [offer, setOffer] = useState<Offer | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const close = useCallback(() => setOpen(false), []);
  const offerUndo = useCallback((applied: AppliedImport) => {
    offers += 1;
    setOffer({ ...applied, key: offers });
  }, []);
  const offerOver = useCallback(() => setOffer(null), []);
  const closeDialog = useCallback(() => setFile(null), []);

  async function exportAs(format: FileFormat) {
    const { downloadFile, watchlistFile } = await exportModule();
    downloadFile(watchlistFile(store.getState().wishlist, format, new Date()));
  }

  /** An item closes the menu, and focus goes back to its button (where the dialog returns it). */
  function pick(choice: FileFormat | 'import') {
    setOpen(false);
    buttonRef.current?.focus();
    if (choice === 'import') inputRef.current?.click();
    else void exportAs(choice);
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    // The same file chosen again is a new choice.
    event.target.value = '';
    if (chosen) setFile(chosen);
  }

  return (
    <>
      <Menu
        label="Export / Import"
        content={
          <>
            <TransferIcon />
            <span css={hiddenWhenNarrow}>Export / Import</span>
          </>
        }
        buttonCss={button}
        buttonRef={buttonRef}
        open={open}
        onToggle={() => setOpen((wasOpen) => !wasOpen)}
        onClose={close}
        items={[
          {
            label: 'Export as CSV',
            icon: <DownloadIcon />,
            onSelect: () => pick('csv'),
          },
          {
            label: 'Export as JSON',
            icon: <DownloadIcon />,
            onSelect: () => pick('json'),
          },
          {
            label: 'Import a file…',
            icon: <UploadIcon />,
            onSelect: () => pick('import'),
          },
        ]}
      />
      <input
        ref={inputRef}
        type="file"
        accept=".csv,.json,text/csv,application/json"
        hidden
        aria-label="Watchlist file to import"
        onChange={choose}
      />
      {file && (
        <Suspense fallback={null}>
          <ImportDialog file={file} onClose={closeDialog} onImported={offerUndo} />
        </Suspense>
      )}
      {offer && (
        <UndoNotice
          key={offer.key}
          message={offer.message}
          onUndo={() => {
            dispatch(offer.undo);
            // The Undo button goes away: focus goes where the import began.
            buttonRef.current?.focus();
          }}
          onDone={offerOver}
        />
      )}
    </>
  );
}
