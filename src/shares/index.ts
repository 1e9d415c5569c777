// Share links: the one thing the service writes at run time.

export * from './sqlite.ts';
