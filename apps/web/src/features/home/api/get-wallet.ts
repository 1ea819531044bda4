// The wallet read lives in lib/api (the statement names games from it too); the home's
// imports keep this path.
export * from '@/lib/api/get-wallet';
