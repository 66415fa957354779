/**
 * The name a saved document gets, what the customer's browser saves and what staff see in Download History:
 * ours, never the uploader's (the stored name is random), so nothing odd reaches a header.
 */
export function downloadFileName(orderId: number, file1: string): string {
  const extension = /\.([a-z0-9]{2,5})$/i.exec(file1)?.[1]?.toLowerCase() ?? 'pdf';
  return `Thailand-Arrival-Card-${orderId}.${extension}`;
}
