package io.snowflakeid.spring.closing;

import io.snowflakeid.segment.SegmentIdGenerators;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;

/** An application bean that takes the segment generators itself: they are then created early in the start. */
@Component
@ConditionalOnProperty("closing.segment-user")
class SegmentUser {

	SegmentUser(SegmentIdGenerators segments) {
	}
}
