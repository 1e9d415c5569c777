// The types of the parts of npm `datapackage` (the Frictionless Data Package library, untyped) the tests use.
declare module 'datapackage' {
  export function validate(descriptor: unknown): Promise<{ valid: boolean; errors: Error[] }>;
  export class Profile {
    static load(profile: string): Promise<Profile>;
    validate(descriptor: unknown): { valid: boolean; errors: Error[] };
  }
}
