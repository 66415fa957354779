import { Type } from 'typebox';

export const SearchQuery = Type.Object({
  q: Type.String({
    minLength: 1,
    maxLength: 100,
    errorMessage: { required: 'Please enter something to search.', minLength: 'Please enter something to search.' },
  }),
});

const Row = Type.Record(Type.String(), Type.Unknown());

export const SearchResponse = {
  200: Type.Object({
    status: Type.Integer(),
    message: Type.String(),
    data: Type.Object({
      orders: Type.Array(Row),
      members: Type.Array(Row),
      screens: Type.Array(
        Type.Object({ kind: Type.Literal('queue'), name: Type.String(), route: Type.String(), label: Type.String() }),
      ),
    }),
  }),
};
