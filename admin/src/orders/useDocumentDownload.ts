import { useMutation } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { useStickyNotify } from '../layout/useStickyNotify';
import { saveBlob } from './saveBlob';

/** Downloads an uploaded document with the staff token (a plain link would be refused) and saves it. */
export function useDocumentDownload() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useStickyNotify();
  return useMutation({
    mutationFn: (link: string) => dataProvider.fetchDocument(link),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
    onError: (error: Error) => notify(error.message, 'error'),
  });
}

/** The link of a document of an order, as get-orders-details gives it. */
export const documentLink = (orderId: number, file1: string) => `/uploads/docs/${orderId}_${file1}`;
