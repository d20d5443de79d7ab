// TanStack Query hooks of the profile page.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { changePassword, getProfile, updateProfile, type Profile, type ProfileInput } from './profile';
import { queryKeys } from './hooks';

export const profileKeys = {
  all: ['profile'] as const,
  of: (userId: string | null) => ['profile', userId] as const,
};

/** The signed-in user's profile; off until the user is known. */
export function useProfile(userId: string | null) {
  return useQuery<Profile>({
    queryKey: profileKeys.of(userId),
    queryFn: ({ signal }) => getProfile({ signal }),
    enabled: userId !== null,
    retry: false,
  });
}

/** Saves a profile change; the saved profile replaces the cached one and the session (the header's name) reloads. */
export function useUpdateProfile(userId: string | null) {
  const client = useQueryClient();
  return useMutation<Profile, unknown, ProfileInput>({
    mutationFn: updateProfile,
    retry: false,
    onSuccess: async (saved) => {
      client.setQueryData(profileKeys.of(userId), saved);
      await client.invalidateQueries({ queryKey: queryKeys.sessionAll });
    },
  });
}

export function useChangePassword() {
  return useMutation<void, unknown, { currentPassword: string; newPassword: string }>({
    mutationFn: ({ currentPassword, newPassword }) => changePassword(currentPassword, newPassword),
    retry: false,
  });
}
