// Registers every element of the library (each define module is guarded, so importing twice is safe).
export {};
