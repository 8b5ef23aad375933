/** Where every stand-in listens: loopback only, whatever HOST the launcher was given, so no other machine reaches one. */
export const STAND_IN_HOST = '127.0.0.1';
