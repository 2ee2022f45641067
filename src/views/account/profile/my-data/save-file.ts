import type { DataExportFile } from '../../../../services/account/account-queries';

/**
 * How long the file's object URL outlives the click that saves it: some browsers start reading it only
 * after the click has returned, so it is not revoked at once (FileSaver.js waits 40 s for the same reason).
 */
const OBJECT_URL_LIFETIME_MS = 40_000;

/**
 * Saves a file made in the page as a download (DOM work: a Blob, its object URL and a temporary link
 * with `download`, clicked once and removed).
 */
export function saveFile(file: DataExportFile): void {
  const url = URL.createObjectURL(new Blob([file.content], { type: file.type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}
