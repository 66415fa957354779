export declare const BUDGETS_KB: Record<'admin' | 'visitor', number>;
export declare function initialJsGzipKb(distDir: string): number;
