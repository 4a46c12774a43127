export declare const webRoot: string;
