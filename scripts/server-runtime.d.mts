export declare const serverNodeFlags: string[];
export declare const serverEnvironmentDefaults: Record<string, string>;
export declare function serverArgs(entry: string, preload?: string[]): string[];
export declare function serverEnvironment<T extends Record<string, string | undefined>>(
  env: T,
): T & Record<string, string>;
