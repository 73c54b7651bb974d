// The sandboxed preload: exposes the HostApi as window.api and nothing else. Built to CJS
// with everything bundled but 'electron', because a sandboxed preload can require nothing else.
import { contextBridge, ipcRenderer } from 'electron';
import { createBridgeApi } from './bridge-api';

contextBridge.exposeInMainWorld('api', createBridgeApi(ipcRenderer));
