export declare const TARGET: string;
export declare function hangulFontsCss(): string;
