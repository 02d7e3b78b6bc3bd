// What the page needs of the Firebase web configuration to offer « Continuer avec Google »: built by the composition
// root (services.googleSignIn), shown by the GoogleSignIn component.
export interface GoogleSignInConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  /** http://host:port of the Auth emulator (tests). */
  emulatorUrl: string | null;
}
