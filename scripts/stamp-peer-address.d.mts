// The preload has no exports; importing it patches node:http (see stamp-peer-address.mjs).
export {};
