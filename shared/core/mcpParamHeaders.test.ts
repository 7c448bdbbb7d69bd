import { describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/client';
import { mcpParamHeaders } from './mcpParamHeaders.js';

const regionTool: Tool = {
  name: 'status',
  inputSchema: {
    type: 'object',
    properties: {
      region: { type: 'string', 'x-mcp-header': 'Region' },
      filter: { type: 'object', properties: { team: { type: 'string', 'x-mcp-header': 'Team' } } },
      note: { type: 'string' },
    },
  },
};

describe('mcpParamHeaders', () => {
  it('mirrors each call its own arguments, the schema read once for all of them', () => {
    expect(mcpParamHeaders(regionTool, { region: 'eu-west', filter: { team: 'ops' } })).toEqual({
      'Mcp-Param-Region': 'eu-west',
      'Mcp-Param-Team': 'ops',
    });
    expect(mcpParamHeaders(regionTool, { region: 'us-east' })).toEqual({ 'Mcp-Param-Region': 'us-east' });
    expect(mcpParamHeaders(regionTool, { region: 'Zürich' })).toEqual({
      'Mcp-Param-Region': '=?base64?WsO8cmljaA==?=',
    });
  });

  it('gives nothing for a tool that declares no header, however often it is called', () => {
    const echo: Tool = {
      name: 'echo',
      inputSchema: { type: 'object', properties: { message: { type: 'string' } } },
    };
    for (let i = 0; i < 3; i++) expect(mcpParamHeaders(echo, { message: `hi ${i}` })).toEqual({});
  });

  it('reads a schema fetched anew (a tool list refreshed) by its own declarations', () => {
    const renamed: Tool = {
      ...regionTool,
      inputSchema: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Zone' } } },
    };
    expect(mcpParamHeaders(renamed, { region: 'eu-west' })).toEqual({ 'Mcp-Param-Zone': 'eu-west' });
  });
});
