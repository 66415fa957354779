import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useGetManyReference, type Identifier, type RaRecord } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { useClosableNotify } from '../shared/useClosableNotify';
import { saveBlob } from '@app/browser/download';

/** A document of the `documents` resource; `link` is `/uploads/docs/{orderId}_{file1}`. */
export interface DocumentRecord extends RaRecord {
  order_id: number;
  file1: string;
  link: string;
  mail_service_provider: string;
}

/**
 * The order's latest document (histories are newest first), or undefined while there is none: Download
 * File and both resend forms need one.
 */
export function useLatestDocument(orderId: Identifier | undefined) {
  const { data, isPending } = useGetManyReference<DocumentRecord>(
    'documents',
    {
      target: 'order_id',
      id: orderId!,
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    },
    { enabled: orderId != null },
  );
  return { latest: data?.[0], isPending };
}

/** Where staff fetch a document of an order (with the token; a plain link would be refused). */
export const documentLink = (orderId: Identifier, file1: string) => `/uploads/docs/${orderId}_${file1}`;

/** Downloads an uploaded document with the staff token and saves it under the server's name. */
export function useDocumentDownload() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useClosableNotify();
  return useMutation({
    mutationFn: (link: string) => dataProvider.fetchDocument(link),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
    onError: (error: Error) => notify(error.message, 'error'),
  });
}
