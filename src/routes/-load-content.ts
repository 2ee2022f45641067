import { notFound } from '@tanstack/react-router';
import { HttpError } from '../services/bff/client';

/** Loads a page's content; content the BFF does not know becomes the not-found page. */
export async function loadContentOrNotFound<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw notFound();
    throw error;
  }
}
