/** Defence Pack 1 is the download evidence, 2 the mail delivery evidence (docs/product.md#documents-mail-and-evidence). */
export type DefencePackType = 1 | 2;

export const packFileName = (orderId: number, type: DefencePackType) => `defence-pack-${type}-${orderId}.pdf`;
