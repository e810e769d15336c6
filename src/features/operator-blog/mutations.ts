import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OperatorPost, PostEdit } from '../../domain/operator-posts';
import { api } from '../../lib/api';
import { loadSchema } from '../../lib/api-client';
import { OPERATOR_KEY, operatorPostKeys } from './queries';

const schemas = () => import('../../domain/operator-posts');

/** After a change the console's reads (the post list, Today) are asked again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return async (post: OperatorPost) => {
    queryClient.setQueryData(operatorPostKeys.post(post.id), post);
    await queryClient.invalidateQueries({
      queryKey: [OPERATOR_KEY],
      predicate: (query) => query.queryKey[1] !== 'posts' || query.queryKey[2] === 'list',
    });
  };
}

/** Creates a post (no id) or rewrites one. Console actions are sent now or not at all. */
export function useSavePost(id: number | null) {
  const refresh = useRefresh();
  return useMutation({
    networkMode: 'always',
    mutationFn: (body: PostEdit) =>
      api.request(id === null ? '/api/v1/operator/posts' : `/api/v1/operator/posts/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
        schema: loadSchema(schemas, 'operatorPostSchema'),
      }),
    onSuccess: refresh,
  });
}

export function useSetPostHidden() {
  const refresh = useRefresh();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ id, hidden }: { id: number; hidden: boolean }) =>
      api.request(`/api/v1/operator/posts/${id}/${hidden ? 'hide' : 'show'}`, {
        method: 'POST',
        body: {},
        schema: loadSchema(schemas, 'operatorPostSchema'),
      }),
    onSuccess: refresh,
  });
}

/** Uploads a thumbnail; the server checks it is an image by its content. */
export function useUploadPostImage() {
  return useMutation({
    networkMode: 'always',
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.request('/api/v1/operator/posts/images', {
        method: 'POST',
        body,
        schema: loadSchema(schemas, 'postImageSchema'),
      });
    },
  });
}
