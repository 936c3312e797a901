-- Issue 16: a like in one round trip (server/services/likes/set-tool-like.server.ts). The tool's
-- row is locked first, so concurrent changes to one tool queue there; each later statement of a
-- volatile function takes a fresh snapshot, so it sees every change committed before the lock.
-- The like row changes only if the state really changes, and likes_total moves by exactly that
-- change in the same transaction; a real change queues its live event, delivered on commit. No
-- row for a tool that is not online.
CREATE FUNCTION set_tool_like(
  p_user_id text,
  p_tool_id text,
  p_is_liked boolean,
  p_channel text,
  p_event jsonb
) RETURNS TABLE (new_total integer, is_changed boolean)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_changed integer;
  v_total integer;
BEGIN
  PERFORM 1 FROM tools WHERE id = p_tool_id AND status = 'online' FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF p_is_liked THEN
    INSERT INTO tool_likes (user_id, tool_id, is_active) VALUES (p_user_id, p_tool_id, true)
    ON CONFLICT (user_id, tool_id) DO UPDATE SET is_active = true, updated_at = now()
      WHERE tool_likes.is_active = false;
  ELSE
    UPDATE tool_likes SET is_active = false, updated_at = now()
    WHERE user_id = p_user_id AND tool_id = p_tool_id AND is_active;
  END IF;
  GET DIAGNOSTICS v_changed = ROW_COUNT;
  IF v_changed = 0 THEN
    SELECT likes_total INTO v_total FROM tools WHERE id = p_tool_id;
    RETURN QUERY SELECT v_total, false;
    RETURN;
  END IF;
  UPDATE tools SET likes_total = greatest(likes_total + CASE WHEN p_is_liked THEN 1 ELSE -1 END, 0)
  WHERE id = p_tool_id
  RETURNING likes_total INTO v_total;
  PERFORM pg_notify(
    p_channel,
    (jsonb_build_object('id', nextval('live_event_ids'), 'likesTotal', v_total) || p_event)::text
  );
  RETURN QUERY SELECT v_total, true;
END
$$;
