export * from '../../src/testing/scripted-model.js';
